/** Demo content seeded on first start. The owner edits or replaces it. */
export const SEED_SERVICES = [
  { name: 'Furniture Assembly', description: 'Beds, desks, dressers, dining sets, shelving and more, assembled level, square and secure.', category: 'furniture-assembly', price: 8900 },
  { name: 'TV Mounting', description: 'TVs of any size mounted into studs or masonry, with cables hidden and the picture level.', category: 'tv-mounting', price: 12900 },
  { name: 'Shelf Mounting', description: 'Floating shelves, art, mirrors and wall-mounted furniture, anchored for the load they carry.', category: 'shelf-mounting', price: 7900 },
  { name: 'Custom Project', description: 'Something else to build, hang or install? Tell us about it for a free estimate.', category: 'custom-project', price: 9900 },
];

export const SEED_GALLERY = [
  { title: 'King Platform Bed', description: 'A solid-wood king platform bed with headboard, assembled and leveled in a Santa Monica bedroom.', imageUrl: '/images/gallery/bed.svg', category: 'furniture-assembly' },
  { title: '65" TV Above the Fireplace', description: 'A 65-inch TV on a full-motion mount over a brick fireplace in Venice, cables hidden in the wall.', imageUrl: '/images/gallery/tv-fireplace.svg', category: 'mounting' },
];

export const SEED_TESTIMONIALS = [
  { name: 'Sarah M.', location: 'Santa Monica, CA', comment: 'They assembled a full bedroom set in one afternoon and left the place spotless. On time, friendly and careful with our floors.', rating: 5, serviceType: 'Furniture Assembly' },
  { name: 'David L.', location: 'Venice, CA', comment: 'Mounted our 75-inch TV over the fireplace and hid every cable. It looks like it came with the house.', rating: 5, serviceType: 'TV Mounting' },
];
