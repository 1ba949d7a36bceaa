import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../app/global.css';
import { PartnerApp } from './partner-app.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The partner page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <PartnerApp />
  </StrictMode>,
);
