export class EventBus {
  publish(topic: string): void {} // @def(publish, "publish")
}
