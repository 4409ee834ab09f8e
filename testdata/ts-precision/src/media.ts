// Two promises, each with its own cleanup: a handler nested beside one
// calls that one, never the other function's.
export async function awaitLoaded(video: HTMLVideoElement): Promise<void> { // @def(awaitLoaded, "awaitLoaded")
  return new Promise((resolve) => {
    const cleanup = () => { // @def(loadedCleanup, "cleanup")
      video.removeEventListener("loadeddata", onLoaded);
    };
    const onLoaded = () => { // @def(onLoaded, "onLoaded")
      cleanup(); // @site(loadedCall, "cleanup") @call(onLoaded, loadedCleanup, loadedCall) @callers(loadedCleanup, onLoaded)
      resolve();
    };
    video.addEventListener("loadeddata", onLoaded);
  });
}

export async function awaitSeeked(video: HTMLVideoElement): Promise<void> { // @def(awaitSeeked, "awaitSeeked")
  return new Promise((resolve) => {
    const cleanup = () => { // @def(seekedCleanup, "cleanup")
      video.removeEventListener("seeked", onSeeked);
    };
    const onSeeked = () => { // @def(onSeeked, "onSeeked")
      cleanup(); // @site(seekedCall, "cleanup") @call(onSeeked, seekedCleanup, seekedCall)
      resolve();
    };
    video.addEventListener("seeked", onSeeked);
    cleanup(); // @site(seekedDirect, "cleanup") @call(awaitSeeked, seekedCleanup, seekedDirect) @callers(seekedCleanup, onSeeked, awaitSeeked)
  });
}
