// Imported first by the background entry: marks when our code starts evaluating, so the bench can
// time start → ready (performance.mark 'caption-check:ready' at the end of main) without counting the
// browser's own worker start-up or an attached debugger's pause.
performance.mark('caption-check:start');
