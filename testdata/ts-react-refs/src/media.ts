export class Player {
  play(): void { // @def(playerPlay, "play")
  }
}

export class Recorder {
  play(): void { // @def(recorderPlay, "play")
  }
}

export type PlayerRef = Player;
