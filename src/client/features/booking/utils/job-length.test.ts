import { describe, expect, it } from 'vitest';
import { jobLengthText, jobTooLongText, timeClearedNotice } from './job-length';

describe('jobLengthText', () => {
  it.each([
    [60, 'about 1 hour'],
    [90, 'about 1 hour 30 minutes'],
    [120, 'about 2 hours'],
    [180, 'about 3 hours'],
    [45, 'about 45 minutes'],
    [61, 'about 1 hour 1 minute'],
  ])('%i minutes reads "%s"', (minutes, text) => {
    expect(jobLengthText(minutes)).toBe(text);
  });
});

describe('timeClearedNotice', () => {
  it('names the time, the service and its length', () => {
    expect(timeClearedNotice('9:00 AM', 'Furniture Assembly', 120)).toBe(
      "9:00 AM doesn't fit a Furniture Assembly job (about 2 hours) that day. Please pick another time.",
    );
  });

  it('leaves the length out while it is unknown', () => {
    expect(timeClearedNotice('5:00 PM', 'TV Mounting', null)).toBe("5:00 PM doesn't fit a TV Mounting job that day. Please pick another time.");
  });

  it('without a service, only says the time is gone', () => {
    expect(timeClearedNotice('5:00 PM', null, null)).toBe("5:00 PM isn't open that day. Please pick another time.");
  });
});

describe('jobTooLongText', () => {
  it('says the length, the most booked online and what to do instead', () => {
    expect(jobTooLongText(620)).toBe(
      'This job takes about 10 hours 20 minutes, more than one visit we book online (10 hours at most). Choose fewer items, or ask for a free estimate and we plan it with you.',
    );
  });
});
