// What the load bench must undo whatever happens (an error, Ctrl-C): processes it started, temp
// folders, databases it created. Undone last-in first-out, so an app stops before its database goes.
const tasks = [];

/** Registers an undo step; the returned function runs it now (once) and forgets it. */
export function atCleanup(task) {
  tasks.push(task);
  return async () => {
    const i = tasks.indexOf(task);
    if (i < 0) return;
    tasks.splice(i, 1);
    await task();
  };
}

export async function cleanupAll() {
  while (tasks.length > 0) {
    const task = tasks.pop();
    try {
      await task();
    } catch (err) {
      console.error(`cleanup: ${err.message}`);
    }
  }
}
