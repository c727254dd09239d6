// Intentionally empty: the tests evaluate chrome.tabs / chrome.webNavigation calls in this worker.
