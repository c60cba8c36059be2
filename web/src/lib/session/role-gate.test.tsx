import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { RoleGate } from './role-gate';
import { endSession, signIn } from './session-store';
import { USER_TYPES } from './user-types';

function renderGates() {
  render(
    <>
      <RoleGate allowed="all">
        <p>price</p>
      </RoleGate>
      <RoleGate allowed={[USER_TYPES.ADMIN, USER_TYPES.CERTIFIED_PRACTITIONER]} fallback={<p>not approved</p>}>
        <p>share</p>
      </RoleGate>
      <RoleGate allowed={[USER_TYPES.CLIENT]}>
        <p>my protocols</p>
      </RoleGate>
    </>,
  );
}

const shown = (text: string) => screen.queryByText(text) !== null;

describe('RoleGate', () => {
  afterEach(() => localStorage.clear());

  it("shows 'all' content to everyone and listed content to nobody signed out", () => {
    renderGates();
    expect(shown('price')).toBe(true);
    expect(shown('share')).toBe(false);
    expect(shown('not approved')).toBe(true);
    expect(shown('my protocols')).toBe(false);
  });

  it('shows content to the listed user types only, the alternative otherwise', () => {
    signIn({ accessToken: 'a', refreshToken: 'r', userTypeId: USER_TYPES.PRACTITIONER });
    renderGates();
    expect(shown('price')).toBe(true);
    expect(shown('share')).toBe(false);
    expect(shown('not approved')).toBe(true);

    act(() => signIn({ accessToken: 'b', refreshToken: 'r2', userTypeId: USER_TYPES.CERTIFIED_PRACTITIONER }));
    expect(shown('share')).toBe(true);
    expect(shown('not approved')).toBe(false);
    expect(shown('my protocols')).toBe(false);

    act(() => signIn({ accessToken: 'c', refreshToken: 'r3', userTypeId: USER_TYPES.CLIENT }));
    expect(shown('my protocols')).toBe(true);
    expect(shown('share')).toBe(false);

    act(() => endSession());
    expect(shown('my protocols')).toBe(false);
  });
});
