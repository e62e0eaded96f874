export default function Home() {
  return <p>storefront-kit consumer: GET /api/node and /api/edge</p>;
}
