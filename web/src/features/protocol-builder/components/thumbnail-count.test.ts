import { describe, expect, it } from 'vitest';

import { thumbnailCountFor } from './thumbnail-count';

describe('thumbnailCountFor (spec: docs/spec-coverage.md#s9-bar-thumbnails)', () => {
  it.each([
    [1600, 8],
    [1200, 8],
    [1199.9, 4],
    [1024, 4],
    [1023.9, 3],
    [879, 3],
    [878.9, 2],
    [640, 2],
    [639.9, 5],
    [375, 5],
  ])('shows at %d px %d thumbnails', (width, count) => {
    expect(thumbnailCountFor(width)).toBe(count);
  });
});
