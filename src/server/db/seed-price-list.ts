import type { DbOrTx } from './client';
import { priceAddOns, priceItemAddOns, priceItems, seedMarks, services } from './schema';

/**
 * The first price list (decision 0018), seeded once per database: the owner edits or replaces it.
 * Prices are US cents, set from what the Los Angeles trade charges: TV mounting about $100 to $200
 * by size plus about $40 for a second installer on large TVs; assembly about $60 to $120 an hour,
 * so an item costs its usual time at roughly $75 to $90 an hour (a dresser 1 to 2 hours, a storage
 * bed 2 to 4). Minutes are the time on site of one unit; items heavy or tall enough to need two
 * pairs of hands say so (and their price includes the second person).
 */

export const SEED_PRICE_ADD_ONS = {
  wiresInWall: { name: 'Hide the wires in the wall', priceCents: 9900, minutes: 45 },
  masonryTv: { name: 'Brick, stone or tile wall', priceCents: 4900, minutes: 30 },
  fireplace: { name: 'Above a fireplace', priceCents: 5900, minutes: 30 },
  soundbar: { name: 'Mount a soundbar', priceCents: 4900, minutes: 20 },
  anchor: { name: 'Anchor to the wall (anti-tip)', priceCents: 1500, minutes: 10 },
  boxes: { name: 'Take the boxes and packaging away', priceCents: 1500, minutes: 10 },
  masonryShelf: { name: 'Brick, stone or tile wall', priceCents: 2500, minutes: 15 },
};
type AddOnKey = keyof typeof SEED_PRICE_ADD_ONS;
const ADD_ON_KEYS = Object.keys(SEED_PRICE_ADD_ONS) as AddOnKey[];

interface SeedItem {
  name: string;
  description: string;
  priceCents: number;
  minutes: number;
  maxQuantity: number;
  twoPeople?: boolean;
  priceIsFrom?: boolean;
  addOns?: AddOnKey[];
}

const TV: AddOnKey[] = ['wiresInWall', 'masonryTv', 'fireplace', 'soundbar'];

/** Per service slug, in the order /book lists them. Custom projects have none: they are quoted. */
export const SEED_PRICE_ITEMS: Record<string, SeedItem[]> = {
  'furniture-assembly': [
    { name: 'Chair or stool', description: 'Dining, office or bar seating.', priceCents: 3500, minutes: 20, maxQuantity: 12, addOns: ['boxes'] },
    { name: 'Nightstand or side table', description: 'Up to three drawers.', priceCents: 4500, minutes: 30, maxQuantity: 6, addOns: ['boxes'] },
    { name: 'Bookcase or shelving unit', description: 'Billy, Kallax and the like, up to 80 inches tall.', priceCents: 6900, minutes: 45, maxQuantity: 6, addOns: ['anchor', 'boxes'] },
    { name: 'Desk', description: 'A writing or computer desk without a hutch.', priceCents: 8900, minutes: 60, maxQuantity: 4, addOns: ['boxes'] },
    { name: 'Standing desk', description: 'Electric sit-stand frame and top, cables tidied.', priceCents: 11900, minutes: 90, maxQuantity: 3, addOns: ['boxes'] },
    { name: 'Dresser', description: 'Up to six drawers.', priceCents: 12900, minutes: 90, maxQuantity: 4, addOns: ['anchor', 'boxes'] },
    { name: 'Tall or wide dresser', description: 'Seven drawers or more, or a chest over 50 inches.', priceCents: 16900, minutes: 120, maxQuantity: 3, addOns: ['anchor', 'boxes'] },
    { name: 'Bed frame', description: 'Platform, panel or metal frame, any size.', priceCents: 9900, minutes: 75, maxQuantity: 4, addOns: ['boxes'] },
    {
      name: 'Storage bed',
      description: 'With drawers or a lift-up base; the time varies with the model.',
      priceCents: 22900,
      minutes: 180,
      maxQuantity: 2,
      twoPeople: true,
      priceIsFrom: true,
      addOns: ['boxes'],
    },
    { name: 'Bunk or loft bed', description: 'Two people, for the height and the weight.', priceCents: 19900, minutes: 150, maxQuantity: 2, twoPeople: true, addOns: ['anchor', 'boxes'] },
    {
      name: 'Wardrobe',
      description: 'A PAX frame or a freestanding armoire, doors and fittings included.',
      priceCents: 17900,
      minutes: 150,
      maxQuantity: 4,
      twoPeople: true,
      priceIsFrom: true,
      addOns: ['anchor', 'boxes'],
    },
    { name: 'Dining table', description: 'Table only; chairs are their own item.', priceCents: 7900, minutes: 45, maxQuantity: 2, addOns: ['boxes'] },
    { name: 'Sofa or sectional', description: 'Legs, arms and sections joined.', priceCents: 8900, minutes: 45, maxQuantity: 2, addOns: ['boxes'] },
    { name: 'Crib', description: 'Assembled and checked against the maker’s safety list.', priceCents: 8900, minutes: 60, maxQuantity: 2, addOns: ['boxes'] },
  ],
  'tv-mounting': [
    { name: 'TV up to 42 inches', description: 'Your mount, into studs, level, cables tidied.', priceCents: 9900, minutes: 60, maxQuantity: 4, addOns: TV },
    { name: 'TV 43 to 64 inches', description: 'Your mount, into studs, level, cables tidied.', priceCents: 13900, minutes: 75, maxQuantity: 4, addOns: TV },
    { name: 'TV 65 to 75 inches', description: 'Two installers (the second is $40 of the price).', priceCents: 18900, minutes: 90, maxQuantity: 3, twoPeople: true, addOns: TV },
    { name: 'TV 76 inches or larger', description: 'Two installers; heavy panels may need a stronger mount.', priceCents: 23900, minutes: 120, maxQuantity: 2, twoPeople: true, priceIsFrom: true, addOns: TV },
  ],
  'shelf-mounting': [
    { name: 'Floating shelf', description: 'Up to 48 inches, on hidden brackets into studs or anchors.', priceCents: 4900, minutes: 30, maxQuantity: 10, addOns: ['masonryShelf'] },
    { name: 'Picture, art or mirror', description: 'Up to 40 pounds, hung level.', priceCents: 3500, minutes: 20, maxQuantity: 12, addOns: ['masonryShelf'] },
    { name: 'Large mirror or heavy art', description: 'Over 40 pounds: two people, French cleat or heavy hangers.', priceCents: 8900, minutes: 45, maxQuantity: 4, twoPeople: true, addOns: ['masonryShelf'] },
    { name: 'Curtain rod or blinds', description: 'One window.', priceCents: 4500, minutes: 30, maxQuantity: 8, addOns: ['masonryShelf'] },
    { name: 'Wall cabinet or shelving system', description: 'Rail systems and wall-hung cabinets, one unit.', priceCents: 7900, minutes: 60, maxQuantity: 4, priceIsFrom: true, addOns: ['masonryShelf'] },
  ],
};

/**
 * Seeds the first price list in the caller's transaction, once per database: a mark says it was,
 * so a list the owner emptied stays empty after a restart. Items go only to services that exist.
 */
export async function seedPriceListOnce(tx: DbOrTx): Promise<void> {
  const marked = await tx.insert(seedMarks).values({ name: 'price-list' }).onConflictDoNothing().returning({ name: seedMarks.name });
  if (marked.length === 0) return;
  const slugs = new Set((await tx.select({ slug: services.slug }).from(services)).map((s) => s.slug));
  const items = Object.entries(SEED_PRICE_ITEMS)
    .filter(([slug]) => slugs.has(slug))
    .flatMap(([serviceType, list]) => list.map(({ addOns, ...item }, sortOrder) => ({ row: { ...item, serviceType, sortOrder }, addOns: addOns ?? [] })));
  if (items.length === 0) return;

  // Only the add-ons some seeded item goes with; rows are matched back by what is unique in the seed.
  const used = [...new Set(items.flatMap((i) => i.addOns))];
  const addOnRows = used.length
    ? await tx
        .insert(priceAddOns)
        .values(used.map((key) => ({ ...SEED_PRICE_ADD_ONS[key], sortOrder: ADD_ON_KEYS.indexOf(key) })))
        .returning({ id: priceAddOns.id, sortOrder: priceAddOns.sortOrder })
    : [];
  const addOnId = (key: AddOnKey) => addOnRows.find((r) => r.sortOrder === ADD_ON_KEYS.indexOf(key))!.id;
  const itemRows = await tx
    .insert(priceItems)
    .values(items.map((i) => i.row))
    .returning({ id: priceItems.id, serviceType: priceItems.serviceType, name: priceItems.name });
  const links = items.flatMap(({ row, addOns }) => {
    const itemId = itemRows.find((r) => r.serviceType === row.serviceType && r.name === row.name)!.id;
    return addOns.map((key) => ({ itemId, addOnId: addOnId(key) }));
  });
  if (links.length) await tx.insert(priceItemAddOns).values(links);
}
