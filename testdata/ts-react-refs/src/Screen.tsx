import React, { useRef, RefObject } from 'react';
import { Player, PlayerRef, Recorder } from './media';

export function Screen() { // @def(screen, "Screen")
  const ref = useRef<Player>(null);
  const untyped = useRef(null);
  ref.current?.play(); // @site(s1, "play") @call(screen, playerPlay, s1)
  untyped.current.play(); // React's ref of null: no call of either play
  return null;
}

export function start(ref: RefObject<Player>): void { // @def(start, "start")
  ref.current!.play(); // @site(s3, "play") @call(start, playerPlay, s3)
}

export function aliased(): void { // @def(aliased, "aliased")
  const ref = useRef<PlayerRef>(undefined);
  ref.current.play(); // @site(s5, "play") @call(aliased, playerPlay, s5)
}

export class Studio extends React.Component {
  private recorder = React.createRef<Recorder | null>();

  record(): void { // @def(record, "record")
    this.recorder.current?.play(); // @site(s4, "play") @call(record, recorderPlay, s4)
  }
}
