export default function GalleryPage() {
  return <h1>Gallery</h1>;
}
