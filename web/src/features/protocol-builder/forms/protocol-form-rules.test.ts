import { describe, expect, it } from 'vitest';

import { canCreate, canSaveEdit, createFormErrors, editFormErrors, noteError } from './protocol-form-rules';

describe('protocol form rules (spec: docs/spec-coverage.md#s5-protocol-create-name)', () => {
  it("requires both name and description to create ('empty field')", () => {
    expect(createFormErrors({ name: '', description: '  ' })).toEqual({ name: 'empty field', description: 'empty field' });
    expect(canCreate({ name: 'Sleep', description: '' })).toBe(false);
    expect(canCreate({ name: 'Sleep', description: 'Evening routine' })).toBe(true);
  });

  it('requires only the name to edit', () => {
    expect(editFormErrors({ name: ' ', description: '' })).toEqual({ name: 'empty field' });
    expect(editFormErrors({ name: 'Sleep', description: '' })).toEqual({});
  });

  it('enables save only when the edit form changed and is valid', () => {
    const original = { name: 'Sleep', description: 'Evening' };
    expect(canSaveEdit(original, original)).toBe(false);
    expect(canSaveEdit({ ...original, description: '' }, original)).toBe(true);
    expect(canSaveEdit({ ...original, name: '' }, original)).toBe(false);
  });

  it("requires the note bar's note ('required')", () => {
    expect(noteError('   ')).toBe('required');
    expect(noteError('Twice daily')).toBeNull();
  });
});
