// Opens a page of the product (moz-extension://<pinned uuid>/…) in a new tab for the test, in front as a
// user's click opens it: a background tab was often not listed by the driver at all (most runs needed the
// request again, and one in five failed after three).
browser.runtime.onMessage.addListener((message, sender) => {
  if (typeof message?.open !== 'string' || sender.tab?.id === undefined) return undefined;
  const url = message.open.replace('TAB', String(sender.tab.id));
  return browser.tabs.create({ url, active: true }).then(() => true);
});
