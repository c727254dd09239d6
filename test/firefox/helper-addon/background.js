// Opens a page of the product (moz-extension://<pinned uuid>/…) in a new background tab for the test.
browser.runtime.onMessage.addListener((message, sender) => {
  if (typeof message?.open !== 'string' || sender.tab?.id === undefined) return undefined;
  const url = message.open.replace('TAB', String(sender.tab.id));
  return browser.tabs.create({ url, active: false }).then(() => true);
});
