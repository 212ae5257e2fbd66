import './zodConfig';
import './effectTiming';
// Base styles first, so feature styles that follow can refine them.
import './ui/base.css';
import './ui/layout.css';
import './ui/lists.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { registerServiceWorker } from './registerServiceWorker';
import { Toaster } from './ui/Toaster';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App />
      <Toaster />
    </BrowserRouter>
  </StrictMode>,
);

registerServiceWorker();
