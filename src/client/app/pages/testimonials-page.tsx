export default function TestimonialsPage() {
  return <h1>Testimonials</h1>;
}
