/** Demo content seeded on first start. The owner edits or replaces it. Prices are in US cents. */
export const SEED_SERVICES = [
  {
    name: 'Furniture Assembly',
    description: 'Beds, desks, dressers, dining sets, wardrobes and shelving from IKEA, Wayfair, West Elm and more, assembled level, square and secure.',
    category: 'furniture-assembly',
    price: 8900,
  },
  {
    name: 'TV Mounting',
    description: 'TVs of any size mounted into studs, brick or concrete, picture level, cables hidden in the wall or in a tidy raceway.',
    category: 'tv-mounting',
    price: 12900,
  },
  {
    name: 'Shelf Mounting',
    description: 'Floating shelves, art, mirrors and wall-mounted furniture, anchored for the load they carry.',
    category: 'shelf-mounting',
    price: 7900,
  },
  {
    name: 'Custom Project',
    description: 'Something else to build, hang or install? Tell us about it and we will send a free estimate.',
    category: 'custom-project',
    price: 9900,
  },
];

export const SEED_GALLERY = [
  {
    title: 'King Platform Bed in Santa Monica',
    description: 'A solid-wood king platform bed with an upholstered headboard and matching nightstands, assembled and leveled in a north-of-Montana bedroom.',
    imageUrl: '/images/gallery/bed.svg',
    category: 'furniture-assembly',
  },
  {
    title: '65" TV Above a Brick Fireplace',
    description: 'A 65-inch TV on a tilting mount anchored into the brick chimney of a Venice canal home, with the cables run inside the wall.',
    imageUrl: '/images/gallery/tv-fireplace.svg',
    category: 'mounting',
  },
  {
    title: 'Standing Desk Home Office',
    description: 'An electric standing desk, monitor arm and a wall shelf for a remote worker in West LA, cable-managed and ready by lunchtime.',
    imageUrl: '/images/gallery/desk.svg',
    category: 'furniture-assembly',
  },
  {
    title: 'Floating Walnut Shelves',
    description: 'Three walnut floating shelves on hidden steel brackets in a Mar Vista living room, each rated for 50 pounds of books and ceramics.',
    imageUrl: '/images/gallery/floating-shelves.svg',
    category: 'mounting',
  },
  {
    title: 'Eight-Seat Dining Set',
    description: 'An extendable oak dining table with eight chairs for a Venice family, assembled on site and checked for wobble at every joint.',
    imageUrl: '/images/gallery/dining.svg',
    category: 'furniture-assembly',
  },
  {
    title: '75" TV with Hidden Cables',
    description: 'A 75-inch TV and soundbar on a low-profile mount in a Playa Vista condo, with an in-wall power kit so no cord shows.',
    imageUrl: '/images/gallery/tv-wall.svg',
    category: 'mounting',
  },
  {
    title: 'Media Console and Bookcases',
    description: 'A media console flanked by two tall bookcases, anchored to the studs for earthquake safety, in an Ocean Park bungalow.',
    imageUrl: '/images/gallery/media-console.svg',
    category: 'furniture-assembly',
  },
  {
    title: 'Gallery Wall Above the Sofa',
    description: 'Five framed prints hung as one balanced gallery wall in Santa Monica, laid out on paper first so every gap is the same.',
    imageUrl: '/images/gallery/gallery-wall.svg',
    category: 'mounting',
  },
  {
    title: 'Six-Drawer Dresser and Nightstands',
    description: 'A mid-century dresser and two nightstands for a Brentwood guest room, drawers adjusted to glide and close evenly.',
    imageUrl: '/images/gallery/dresser.svg',
    category: 'furniture-assembly',
  },
  {
    title: 'Oversized Entry Mirror',
    description: 'A 40-inch round mirror hung on a French cleat above an entry console in the Palisades, level and secure on plaster walls.',
    imageUrl: '/images/gallery/mirror.svg',
    category: 'mounting',
  },
  {
    title: 'Loft Bunk Bed for Two Kids',
    description: 'A twin-over-twin loft bunk with ladder and guard rails in West LA, tightened to spec and anchored to the wall.',
    imageUrl: '/images/gallery/bunk-bed.svg',
    category: 'furniture-assembly',
  },
  {
    title: 'Wall-Mounted Desk and Cabinets',
    description: 'A floating desk with wall cabinets above for a compact Venice studio, mounted into the studs to carry a full workstation.',
    imageUrl: '/images/gallery/wall-desk.svg',
    category: 'mounting',
  },
  {
    title: 'Wardrobe System with Sliding Doors',
    description: 'A 10-foot wardrobe system with sliding doors, rails and drawers, fitted wall to wall in a Santa Monica primary bedroom.',
    imageUrl: '/images/gallery/wardrobe.svg',
    category: 'furniture-assembly',
  },
];

export const SEED_TESTIMONIALS = [
  {
    name: 'Sarah M.',
    location: 'Santa Monica, CA',
    comment: 'They assembled a full bedroom set in one afternoon and left the place spotless. On time, friendly and careful with our floors.',
    rating: 5,
    serviceType: 'Furniture Assembly',
  },
  {
    name: 'David L.',
    location: 'Venice, CA',
    comment: 'Mounted our 75-inch TV over the brick fireplace and hid every cable. It looks like it came with the house.',
    rating: 5,
    serviceType: 'TV Mounting',
  },
  {
    name: 'Priya K.',
    location: 'West Los Angeles, CA',
    comment: 'Three floating shelves and a heavy mirror, all perfectly level. They found the studs on the first try and patched the test holes.',
    rating: 5,
    serviceType: 'Shelf Mounting',
  },
  {
    name: 'Marcus T.',
    location: 'Mar Vista, CA',
    comment: 'Booking online took two minutes and they showed up right at the start of the window. The standing desk was done in under an hour.',
    rating: 5,
    serviceType: 'Furniture Assembly',
  },
  {
    name: 'Elena R.',
    location: 'Ocean Park, CA',
    comment: 'We needed a wall-mounted desk and cabinets in a tiny studio. They measured twice, suggested a better height, and it is rock solid.',
    rating: 4,
    serviceType: 'Custom Project',
  },
  {
    name: 'James W.',
    location: 'Playa Vista, CA',
    comment: 'Fair price, no surprises, and they took all the cardboard with them. Already booked them again for the kids’ bunk bed.',
    rating: 5,
    serviceType: 'TV Mounting',
  },
];
