// A test page asks for an extension page with window.postMessage({captionCheckTestOpen: url, request}); TAB in
// the url becomes this page's tab id. The page asks again until it is answered with {captionCheckTestOpened:
// request}, so a request made before this script listened is not lost; each request opens one tab, however
// often it is asked. Only the test's own loopback pages load this script.
const seen = new Set();
window.addEventListener('message', (event) => {
  if (event.source !== window || typeof event.data?.captionCheckTestOpen !== 'string') return;
  const { captionCheckTestOpen: url, request } = event.data;
  if (seen.has(request)) return;
  seen.add(request);
  void browser.runtime.sendMessage({ open: url }).then(() => window.postMessage({ captionCheckTestOpened: request }, '*'));
});
