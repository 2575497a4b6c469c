import { describe, expect, it } from 'vitest';
import { bookedJobMinutes, isBookableJobMinutes } from './job-length';

describe('bookedJobMinutes', () => {
  it.each([
    [1, 15],
    [15, 15],
    [16, 30],
    [50, 60],
    [60, 60],
    [155, 165],
    [600, 600],
    [601, 615],
  ])('books %i minutes of work as %i', (work, booked) => {
    expect(bookedJobMinutes(work)).toBe(booked);
  });
});

describe('isBookableJobMinutes', () => {
  it.each([15, 30, 45, 60, 135, 585, 600])('%i is a bookable length', (minutes) => {
    expect(isBookableJobMinutes(minutes)).toBe(true);
  });
  it.each([0, -15, 10, 20, 59, 61, 615, 1200, 60.5, Number.NaN])('%s is not', (minutes) => {
    expect(isBookableJobMinutes(minutes)).toBe(false);
  });
});
