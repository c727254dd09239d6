// A test page asks for an extension page with window.postMessage({captionCheckTestOpen: url}); TAB in the
// url becomes this page's tab id. Only the test's own loopback pages load this script.
window.addEventListener('message', (event) => {
  if (event.source !== window || typeof event.data?.captionCheckTestOpen !== 'string') return;
  void browser.runtime.sendMessage({ open: event.data.captionCheckTestOpen });
});
