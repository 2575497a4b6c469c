import { describe, expect, it } from 'vitest';
import { ownerAppManifest, shortName } from '../src/server/plugins/owner-app';

describe("the owner's app's manifest", () => {
  it('takes the short name from the business name: whole, its first words that fit 12 characters, or "Admin"', () => {
    expect(shortName('Fix-It Co')).toBe('Fix-It Co');
    expect(shortName('Westside Assembly Pros')).toBe('Westside');
    expect(shortName('Santa Monica Mounting')).toBe('Santa Monica');
    expect(shortName('Supercalifragilistic Mounts')).toBe('Admin');
    expect(shortName('   ')).toBe('Admin');
  });

  it('is the business name, scoped to /admin, standalone and black', () => {
    expect(ownerAppManifest('Westside Assembly Pros')).toMatchObject({
      name: 'Westside Assembly Pros',
      short_name: 'Westside',
      start_url: '/admin',
      scope: '/admin',
      display: 'standalone',
      theme_color: '#0a0a0a',
      background_color: '#0a0a0a',
    });
    expect(ownerAppManifest(' ').name).toBe('Business Admin');
  });
});
