import { options } from 'preact';

/**
 * The islands' tuning when they run on Preact (decision 0019). Preact runs effects after the next
 * animation frame; an island's carousel starts its timer in an effect, and tests pause the clock
 * (and so the frames). Effects run in a microtask after the commit instead, as React flushes them
 * after a click: a Play button's timer is running by the time the click's task ends, not one task
 * later.
 */
options.requestAnimationFrame = (flush) => queueMicrotask(flush);
