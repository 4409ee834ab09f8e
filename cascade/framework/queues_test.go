package framework

import "testing"

func TestCelerySchedule(t *testing.T) {
	cases := map[string]string{
		"300.0":                                 "every 300.0 seconds",
		"60":                                    "every 60 seconds",
		"timedelta(minutes=5)":                  "every 5 minutes",
		"timedelta(hours=1, minutes=30)":        "every 1 hours, 30 minutes",
		"timedelta(2)":                          "every 2 days",
		"crontab()":                             "cron '* * * * *'",
		"crontab(hour=3, minute=0)":             "cron '0 3 * * *'",
		"crontab(minute='*/15')":                "cron '*/15 * * * *'",
		"crontab(0, 4, day_of_week='sun')":      "cron '0 4 * * sun'",
		"crontab(minute=0, hour=settings.AT)":   "on crontab(minute=0, hour=settings.AT)",
		"schedule(run_every=timedelta(days=1))": "every 1 days",
		"SCHEDULE":                              "schedule SCHEDULE (not evaluated)",
	}
	for expr, want := range cases {
		if got := CelerySchedule(expr); got != want {
			t.Errorf("CelerySchedule(%q) = %q, want %q", expr, got, want)
		}
	}
}

func TestQueueArguments(t *testing.T) {
	cases := []struct {
		name string
		fn   func([]string) (string, bool)
		args []string
		want string // "" for none
	}{
		{"kafka topic", kafkaTopic, []string{"Topics.ORDERS", "id"}, "Topics.ORDERS"},
		{"kafka topic and key", kafkaTopic, []string{`"orders"`, "key", "data"}, `"orders"`},
		{"kafka record", kafkaTopic, []string{`new ProducerRecord<>(ORDERS, key, value)`}, "ORDERS"},
		{"kafka other object", kafkaTopic, []string{`new Foo<>(ORDERS, key, value)`}, ""},
		{"kafka message", kafkaTopic, []string{"message"}, ""},
		{"kafka message header", kafkaTopic, []string{`MessageBuilder.withPayload(p).setHeader(KafkaHeaders.KEY, k).setHeader(KafkaHeaders.TOPIC, Topics.X).build()`}, "Topics.X"},
		{"kafka message other header", kafkaTopic, []string{`MessageBuilder.withPayload(p).setHeader("topic", "x").build()`}, ""},
		{"rabbit routing key", rabbitQueue, []string{"QUEUE", "msg"}, "QUEUE"},
		{"rabbit default exchange", rabbitQueue, []string{`""`, "QUEUE", "msg"}, "QUEUE"},
		{"rabbit named exchange", rabbitQueue, []string{`"x"`, "QUEUE", "msg"}, ""},
		{"rabbit exchange constant", rabbitQueue, []string{"EXCHANGE", "QUEUE", "msg"}, ""},
		{"rabbit post processor", rabbitQueue, []string{"QUEUE", "msg", "m -> m"}, "QUEUE"},
		{"rabbit message only", rabbitQueue, []string{"msg"}, ""},
	}
	for _, tc := range cases {
		got, ok := tc.fn(tc.args)
		if !ok {
			got = ""
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestRabbitDeclaredQueues(t *testing.T) {
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{`queues = "a"`}, nil},
		{[]string{`queuesToDeclare = @Queue("a")`}, []string{`"a"`}},
		{[]string{`queuesToDeclare = {@Queue(name = A), @Queue}`}, []string{"A"}},
		{[]string{`bindings = @QueueBinding(value = @Queue(value = "q", durable = "true"), exchange = @Exchange("x"), key = "k")`}, []string{`"q"`}},
		{[]string{`bindings = {@QueueBinding(value = @Queue, exchange = @Exchange("x"))}`}, nil},
	}
	for _, tc := range cases {
		got := RabbitDeclaredQueues(tc.args)
		if len(got) != len(tc.want) || len(got) > 0 && got[0] != tc.want[0] {
			t.Errorf("RabbitDeclaredQueues(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}
