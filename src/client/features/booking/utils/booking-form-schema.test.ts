import { describe, expect, it } from 'vitest';
import { bookingFormSchema } from './booking-form-schema';

const valid = {
  serviceType: 'tv-mounting',
  bookingDate: new Date(2026, 5, 16),
  bookingTime: '9:00 AM',
  fullName: 'Ana Lopez',
  phone: '(310) 555-0100',
  email: 'ana@example.com',
  address: '100 Ocean Ave, Santa Monica',
};

function messages(input: Record<string, unknown>) {
  const result = bookingFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('bookingFormSchema', () => {
  it('accepts a complete form', () => {
    expect(bookingFormSchema.safeParse(valid).success).toBe(true);
  });

  it("uses the spec's messages", () => {
    expect(messages({ ...valid, serviceType: '', fullName: 'A', phone: '123', email: 'nope', address: 'abc', bookingTime: '' })).toEqual({
      serviceType: 'Please select a service type',
      fullName: 'Name is required',
      phone: 'Please enter a valid phone number',
      email: 'Please enter a valid email address',
      address: 'Address is required',
      bookingTime: 'Please select a time slot',
    });
  });

  it('needs a picked date', () => {
    expect(messages({ ...valid, bookingDate: undefined })).toEqual({ bookingDate: 'Please select a date' });
  });
});
