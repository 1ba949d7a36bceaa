import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createDeskRouter } from './app/router.tsx';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('The desk page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={createDeskRouter()} />
  </StrictMode>,
);
