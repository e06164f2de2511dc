export function waitFor(check) {
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (check()) {
        clearInterval(timer);
        resolve(true);
      }
    }, 10);
  });
}
