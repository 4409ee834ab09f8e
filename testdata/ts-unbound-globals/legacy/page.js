function onLoad() { // @def(onLoad, "onLoad")
  track('load'); // @site(onLoadTrack, "track") @namecall(onLoad, track, onLoadTrack)
}
