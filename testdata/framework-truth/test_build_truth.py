"""Checks of build_truth.py on a small synthetic application (run: python3 -m unittest
discover testdata/framework-truth). Each file below exercises one rule of README.md; the
expected handlers and publisher sites were checked by hand."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))

FILES = {
    'g/cmd/main.go': """\
package main

import (
	"net/http"
	"github.com/go-chi/chi/v5"
	"github.com/spf13/cobra"
)

type API struct{}

func (a *API) List(w http.ResponseWriter, r *http.Request) {}
func mw(next http.Handler) http.Handler { return next }
func runServe(cmd *cobra.Command, args []string) error { return nil }

func main() {
	a := &API{}
	r := chi.NewRouter()
	r.Use(mw)
	r.Get("/items", a.List)
	cmd := &cobra.Command{Use: "serve", RunE: runServe}
	_ = cmd
}
""",
    'j/Listeners.java': """\
package x;
public class Listeners {
    public static final String Q = "orders.q";
    @EventListener
    public void on(OrderPlaced event) {}
    @RabbitListener(queues = Q)
    public void onRabbit(String m) {}
    @KafkaListener(topics = "${app.topic}")
    public void onKafka(String m) {}
}
""",
    'j/Pub.java': """\
package x;
public class Pub {
    private final ApplicationEventPublisher publisher;
    private final RabbitTemplate rabbitTemplate;
    private final KafkaTemplate<String, String> kafkaTemplate;
    @Value("${app.topic}") private String topic;
    void go() {
        publisher.publishEvent(new OrderPlaced(1));
        OrderPlaced e = new OrderPlaced(2);
        publisher.publishEvent(e);
        rabbitTemplate.convertAndSend("", Listeners.Q, "m");
        kafkaTemplate.send(topic, "m");
    }
}
class Pub2 {
    private KafkaTemplate<String, User> kafkaTemplate;
    void go(User data) {
        Message<User> message = MessageBuilder
                .withPayload(data)
                .setHeader(KafkaHeaders.TOPIC, "json-topic")
                .build();
        kafkaTemplate.send(message);
    }
}
@KafkaListener(topics = "class-topic")
class ClassListener {
    @KafkaHandler
    public void handleA(String s) {}
}
class JsonListener {
    @KafkaListener(topics = "json-topic", groupId = "g")
    public void consume(User u) {}
}
""",
    'j/application.properties': """\
app.topic=orders-topic
""",
    'py/app/models.py': """\
from django.db import models
class Order(models.Model):
    pass
class Item(models.Model):
    pass
""",
    'py/app/receivers.py': """\
from django.db.models.signals import post_save, pre_delete
from django.dispatch import receiver
from app.signals import order_paid
from app.models import Order

@receiver(post_save, sender=Order)
def on_order_saved(sender, instance, **kw):
    pass

@receiver([order_paid])
def on_paid(sender, **kw):
    pass

def on_delete(sender, **kw):
    pass

pre_delete.connect(on_delete, sender='app.Item')
from app.signals import update_status
@receiver(update_status, dispatch_uid='x')
def on_status(sender, **kw):
    pass
""",
    'py/app/services.py': """\
from app.models import Order, Item
from app.signals import order_paid
from app import signals
def pay(o):
    o.save()
    Order.objects.create()
    Item.objects.create()
    order_paid.send(sender=Order)
    signals.order_paid.send_robust(sender=Order)
    o.delete()
from django.db import transaction
def st(s):
    transaction.on_commit(lambda: update_status.send_robust(sender=s.__class__, signal_obj=s))
""",
    'py/app/signals.py': """\
from django.dispatch import Signal
order_paid = Signal()
from django.dispatch import Signal as DjangoSignal
update_status = DjangoSignal()
""",
    'src/a/consts.ts': """\
export enum Jobs { Send = 'send-mail', Other = 'other' }
export const QUEUE = 'mail';
export const PREFIX = 'user';
export const Events = { Created: `${PREFIX}.created`, Nested: { Deleted: 'user.deleted' } } as const;
export class Names { static readonly UPDATED = 'user.updated'; }
""",
    'src/a/listener.ts': """\
import { OnEvent } from '@nestjs/event-emitter';
import { Processor, Process } from '@nestjs/bull';
import { EventsHandler, CommandHandler } from '@nestjs/cqrs';
import { Events, Names, Jobs, QUEUE } from './consts';
export class L {
  @OnEvent({ name: Events.Created, async: true })
  onCreated(p: any) {}
  @OnEvent(Events.Nested.Deleted)
  onDeleted() {}
  @OnEvent(Names.UPDATED)
  onUpdated() {}
}
@Processor(QUEUE)
export class P {
  @Process({ name: Jobs.Send, concurrency: 2 })
  async send(job: any) {}
  @Process()
  async dflt(job: any) {}
}
export class UserCreated { constructor(public id: string) {} }
export class CreateUser { constructor(public id: string) {} }
@EventsHandler(UserCreated)
export class H implements IEventHandler<UserCreated> { handle(e: UserCreated) {} }
@CommandHandler(CreateUser)
export class C { async execute(c: CreateUser) {} }
""",
    'src/a/service.ts': """\
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectQueue } from '@nestjs/bull';
import { Events, Names, Jobs, QUEUE } from './consts';
export class S {
  constructor(private readonly events: EventEmitter2, @InjectQueue(QUEUE) private readonly mailQueue: Queue,
    private readonly eventBus: EventBus, private readonly commandBus: CommandBus) {}
  notify(name: string, payload: any) {
    this.events.emit(name, payload);
  }
  outer(evt: string) {
    this.notify(evt, {});
  }
  enqueue(job: string) {
    return this.mailQueue.add(job, {});
  }
  run() {
    this.events.emit(Events.Created, {});
    this.notify(Names.UPDATED, {});
    this.outer(Events.Nested.Deleted);
    this.enqueue(Jobs.Send);
    this.mailQueue.add({ to: 'x' });
    this.mailQueue.addBulk([{ name: Jobs.Send, data: {} }]);
    this.eventBus.publish(new UserCreated('1'));
    this.commandBus.execute(new CreateUser('1'));
  }
}
export class M {
  constructor(@Inject('SVC') private readonly client: ClientProxy) {}
  go() { this.client.send({ cmd: 'sum' }, [1]); this.client.emit('order_created', {}); }
}
export class MC {
  @MessagePattern({ cmd: 'sum' })
  sum() {}
  @MessagePattern('order_created')
  created() {}
}
""",
}

# "path:line name" of every handler → its publisher sites, "path:line".
EXPECTED = {
    "g/cmd/main.go:11 List": [
        "g/cmd/main.go:19"
    ],
    "g/cmd/main.go:12 mw": [
        "g/cmd/main.go:18"
    ],
    "g/cmd/main.go:13 runServe": [
        "g/cmd/main.go:20"
    ],
    "j/Listeners.java:5 on": [
        "j/Pub.java:10",
        "j/Pub.java:8"
    ],
    "j/Listeners.java:7 onRabbit": [
        "j/Pub.java:11"
    ],
    "j/Listeners.java:9 onKafka": [
        "j/Pub.java:12"
    ],
    "j/Pub.java:28 handleA": [],
    "j/Pub.java:32 consume": [
        "j/Pub.java:22"
    ],
    "py/app/receivers.py:11 on_paid": [
        "py/app/services.py:8",
        "py/app/services.py:9"
    ],
    "py/app/receivers.py:14 on_delete": [],
    "py/app/receivers.py:20 on_status": [
        "py/app/services.py:13"
    ],
    "py/app/receivers.py:7 on_order_saved": [],
    "src/a/listener.ts:11 onUpdated": [
        "src/a/service.ts:18"
    ],
    "src/a/listener.ts:16 send": [
        "src/a/service.ts:20",
        "src/a/service.ts:22"
    ],
    "src/a/listener.ts:18 dflt": [
        "src/a/service.ts:21"
    ],
    "src/a/listener.ts:23 handle": [
        "src/a/service.ts:23"
    ],
    "src/a/listener.ts:25 execute": [
        "src/a/service.ts:24"
    ],
    "src/a/listener.ts:7 onCreated": [
        "src/a/service.ts:17"
    ],
    "src/a/listener.ts:9 onDeleted": [
        "src/a/service.ts:19"
    ],
    "src/a/service.ts:33 sum": [
        "src/a/service.ts:29"
    ],
    "src/a/service.ts:35 created": [
        "src/a/service.ts:29"
    ]
}

IMPLICIT = {
    "on_order_saved": [{"signal": "post_save", "sender": "Order", "count": 2, "typed": 1, "untyped": 1}],
    "on_delete": [{"signal": "pre_delete", "sender": "Item", "count": 1, "typed": 0, "untyped": 1}],
}


class BuildTruthTest(unittest.TestCase):
    def test_synthetic_application(self):
        with tempfile.TemporaryDirectory() as root:
            for rel, text in FILES.items():
                os.makedirs(os.path.join(root, os.path.dirname(rel)), exist_ok=True)
                with open(os.path.join(root, rel), "w", encoding="utf-8") as f:
                    f.write(text)
            out = subprocess.run([sys.executable, os.path.join(HERE, "build_truth.py"), root],
                                 check=True, capture_output=True, text=True).stdout
        truth = json.loads(out)
        got = {f"{h['path']}:{h['line']} {h['name']}": sorted(f"{p['path']}:{p['line']}" for p in h["publishers"])
               for h in truth["handlers"]}
        self.assertEqual(got, EXPECTED)
        implicit = {h["name"]: h["implicit"] for h in truth["handlers"] if h["implicit"]}
        self.assertEqual(implicit, IMPLICIT)
        # The helpers' own sites are forwarders, never publishers.
        self.assertEqual(sorted((f["path"], f["line"]) for f in truth["forwarders"]),
                         [("src/a/service.ts", 8), ("src/a/service.ts", 11), ("src/a/service.ts", 14)])


if __name__ == "__main__":
    unittest.main()
