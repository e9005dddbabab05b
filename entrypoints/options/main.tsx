import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Options() {
  return <main>Promptcast</main>;
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Options />
    </StrictMode>,
  );
