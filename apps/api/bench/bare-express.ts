// The ceiling: the same Express on the same machine, answering without parsing or storing anything.
import express from 'express';

const app = express();
app.post('/send-email', (_req, res) => {
  res.type('text/plain').send('success');
});
app.get('/healthz', (_req, res) => {
  res.type('text/plain').send('ok');
});
app.listen(Number(process.env.PORT), '127.0.0.1');
