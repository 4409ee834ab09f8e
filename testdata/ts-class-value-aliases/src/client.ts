export class Client {
  fetch(): number { // @def(clientFetch, "fetch")
    return 1;
  }
}
