import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Popup() {
  return <main>Promptcast</main>;
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Popup />
    </StrictMode>,
  );
