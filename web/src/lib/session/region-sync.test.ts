import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { server } from '../../testing/msw-server';
import { getLocation, getRegion, setLocation } from './region';
import { LOCATION_POLL_ATTEMPTS, LOCATION_POLL_MS, REGION_CHECK_MS, startRegionSync, syncRegion } from './region-sync';
import { writeStored } from './stored-value';

describe('region from the country lookup', () => {
  let lookups: number;
  let countryCode: string | null;

  beforeEach(() => {
    localStorage.clear();
    lookups = 0;
    countryCode = 'GB';
    server.use(
      http.post('*/api/v2/account/geoip', () => {
        lookups += 1;
        return HttpResponse.json({ country: countryCode === 'GB' ? 'United Kingdom' : null, country_code: countryCode });
      }),
    );
  });

  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('looks the country up when no location is stored and keeps it an hour, leaving the region to the visitor', async () => {
    await syncRegion();
    expect(lookups).toBe(1);
    expect(getRegion()).toBe('eu');
    expect(getLocation()).toEqual({ country: 'United Kingdom', country_code: 'GB' });
    await syncRegion();
    expect(lookups).toBe(1);
  });

  it('does not look up while the stored location is fresh', async () => {
    setLocation({ country: 'Germany', country_code: 'DE' });
    await syncRegion();
    expect(lookups).toBe(0);
    expect(getRegion()).toBe('eu');
  });

  it('treats a country code that is not two letters as unknown', async () => {
    countryCode = 'GBR';
    await syncRegion();
    expect(getRegion()).toBe('eu');
    expect(getLocation()?.country_code).toBeNull();
  });

  it('checks every 2 minutes and looks up again once the hour has passed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const stop = startRegionSync();
    await vi.waitFor(() => expect(lookups).toBe(1));
    await vi.advanceTimersByTimeAsync(REGION_CHECK_MS * 29);
    expect(lookups).toBe(1);
    await vi.advanceTimersByTimeAsync(REGION_CHECK_MS * 2);
    await vi.waitFor(() => expect(lookups).toBe(2));
    stop();
  });

  it("waits for another tab's lookup by polling the location cache (200 ms apart) instead of asking again", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    writeStored('location-lookup', Date.now(), LOCATION_POLL_ATTEMPTS * LOCATION_POLL_MS);
    const synced = syncRegion();
    await vi.advanceTimersByTimeAsync(LOCATION_POLL_MS * 3);
    setLocation({ country: 'United Kingdom', country_code: 'GB' });
    await vi.advanceTimersByTimeAsync(LOCATION_POLL_MS);
    await synced;
    expect(lookups).toBe(0);
    expect(getLocation()?.country_code).toBe('GB');
  });

  it('looks up itself when the other tab has not answered after 20 polls', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    writeStored('location-lookup', Date.now(), LOCATION_POLL_ATTEMPTS * LOCATION_POLL_MS);
    const synced = syncRegion();
    await vi.advanceTimersByTimeAsync(LOCATION_POLL_MS * (LOCATION_POLL_ATTEMPTS - 1));
    expect(lookups).toBe(0);
    await vi.advanceTimersByTimeAsync(LOCATION_POLL_MS);
    await synced;
    expect(lookups).toBe(1);
    expect(getLocation()?.country_code).toBe('GB');
    expect(localStorage.length).toBe(1);
  });
});
