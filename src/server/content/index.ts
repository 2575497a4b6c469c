/**
 * Content: what visitors read (services, gallery, testimonials, site texts), its admin, and uploaded images.
 *
 * The domain's entry file: other domains, app.ts and the plugins import from here only.
 */
export { adminContentRoutes } from './routes/admin-content';
export { adminGalleryRoutes } from './routes/admin-gallery';
export { contentRoutes } from './routes/content';
export { uploadsRoutes } from './routes/uploads';
export { visitorReads } from './services/public-content';
export type { VisitorReads } from './services/public-content';
