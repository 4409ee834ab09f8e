export class Blacklist {
  isAvailable(): boolean { // @def(isAvailable, "isAvailable")
    return true;
  }
}
