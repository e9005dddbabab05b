import '@/components/theme.css';

// popup.html's shell already shows the cached balance. Evaluating React before the first frame would
// hold that frame back, so the app is loaded just after it has been painted.
requestAnimationFrame(() => {
  setTimeout(() => void import('./mount'), 0);
});
