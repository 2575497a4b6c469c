// The bare route the load bench measures first: Fastify with nothing but GET / → {hello:'world'},
// in its own process like the app, as the ceiling every route's share is read against.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
