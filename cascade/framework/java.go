package framework

// javaPatterns is the catalog's Java: Spring events, messaging, scheduling and web, JAX-RS, Dapr,
// java.util.concurrent executors.
var javaPatterns = []Pattern{
	// Java annotations.
	{Framework: "Spring", Family: "java", Decorator: "EventListener", Role: RoleSubscriber, Bus: "spring-event", EventArg: 0, EventKeys: []string{"classes", "value"}, EventIsParamType: true, Means: "handles application events of its parameter's type"},
	{Framework: "Spring", Family: "java", Decorator: "TransactionalEventListener", Role: RoleSubscriber, Bus: "spring-event", EventArg: -1, EventKeys: []string{"classes", "value"}, EventIsParamType: true, Means: "handles application events of its parameter's type after the transaction commits"},
	{Framework: "Spring", Family: "java", Decorator: "KafkaListener", Role: RoleSubscriber, Bus: "kafka", EventArg: -1, EventKeys: []string{"topics", "topicPattern"}, Means: "consumes Kafka topics (topics=)"},
	{Framework: "Spring", Family: "java", Decorator: "KafkaHandler", Role: RoleSubscriber, Bus: "kafka", EventArg: -1, ClassEvents: "KafkaListener", Means: "consumes the Kafka topics of its class's @KafkaListener (by payload type)"},
	{Framework: "Spring", Family: "java", Decorator: "RabbitHandler", Role: RoleSubscriber, Bus: "rabbit", EventArg: -1, ClassEvents: "RabbitListener", Means: "consumes the RabbitMQ queues of its class's @RabbitListener (by payload type)"},
	{Framework: "Spring", Family: "java", Decorator: "RabbitListener", Role: RoleSubscriber, Bus: "rabbit", EventArg: -1, EventKeys: []string{"queues"}, Means: "consumes RabbitMQ queues (queues=)"},
	{Framework: "Spring", Family: "java", Decorator: "JmsListener", Role: RoleSubscriber, Bus: "jms", EventArg: -1, EventKeys: []string{"destination"}, Means: "consumes a JMS destination (destination=)"},
	{Framework: "Spring", Family: "java", Decorator: "SqsListener", Role: RoleSubscriber, Bus: "sqs", EventArg: 0, EventKeys: []string{"value", "queueNames"}, Means: "consumes an SQS queue"},
	{Framework: "Dapr", Family: "java", Decorator: "Topic", Role: RoleSubscriber, Bus: "dapr", EventArg: -1, EventKeys: []string{"name"}, Means: "handles a Dapr topic (name=)"},
	{Framework: "Spring", Family: "java", Decorator: "Scheduled", Role: RoleScheduled, EventArg: -1, EventKeys: []string{"cron", "fixedRate", "fixedDelay", "fixedRateString", "fixedDelayString"}, Means: "scheduled: cron= or fixedRate=/fixedDelay="},
	{Framework: "Spring", Family: "java", Decorator: "Async", Role: RoleInvoked, EventArg: -1, Means: "runs asynchronously on a task executor when called"},
	{Framework: "Spring", Family: "java", Decorator: "PostConstruct", Role: RoleLifecycle, EventArg: -1, Means: "runs after the bean is constructed"},
	{Framework: "Spring", Family: "java", Decorator: "PreDestroy", Role: RoleLifecycle, EventArg: -1, Means: "runs before the bean is destroyed"},
	{Framework: "Spring", Family: "java", Decorator: "Bean", Role: RoleLifecycle, EventArg: -1, Means: "a bean factory method, called by the container"},
	{Framework: "Spring", Family: "java", Decorator: "RequestMapping", Role: RoleRoute, HTTPMethod: "HTTP", EventArg: 0, EventKeys: []string{"value", "path"}, PrefixDecorator: "RequestMapping", Means: "HTTP route (value= or path=)"},
	{Framework: "Spring", Family: "java", Decorator: "GetMapping", Role: RoleRoute, HTTPMethod: "GET", EventArg: 0, EventKeys: []string{"value", "path"}, PrefixDecorator: "RequestMapping", Means: "HTTP GET route"},
	{Framework: "Spring", Family: "java", Decorator: "PostMapping", Role: RoleRoute, HTTPMethod: "POST", EventArg: 0, EventKeys: []string{"value", "path"}, PrefixDecorator: "RequestMapping", Means: "HTTP POST route"},
	{Framework: "Spring", Family: "java", Decorator: "PutMapping", Role: RoleRoute, HTTPMethod: "PUT", EventArg: 0, EventKeys: []string{"value", "path"}, PrefixDecorator: "RequestMapping", Means: "HTTP PUT route"},
	{Framework: "Spring", Family: "java", Decorator: "PatchMapping", Role: RoleRoute, HTTPMethod: "PATCH", EventArg: 0, EventKeys: []string{"value", "path"}, PrefixDecorator: "RequestMapping", Means: "HTTP PATCH route"},
	{Framework: "Spring", Family: "java", Decorator: "DeleteMapping", Role: RoleRoute, HTTPMethod: "DELETE", EventArg: 0, EventKeys: []string{"value", "path"}, PrefixDecorator: "RequestMapping", Means: "HTTP DELETE route"},
	{Framework: "JAX-RS", Family: "java", Decorator: "GET", Role: RoleRoute, HTTPMethod: "GET", EventArg: -1, Means: "JAX-RS GET resource method"},
	{Framework: "JAX-RS", Family: "java", Decorator: "POST", Role: RoleRoute, HTTPMethod: "POST", EventArg: -1, Means: "JAX-RS POST resource method"},

	// Java calls.
	{Framework: "Spring", Family: "java", Callee: "publishEvent", Role: RolePublisher, Bus: "spring-event", EventArg: 0, Means: "publishes an application event; its class is the event"},
	{Framework: "Spring", Family: "java", Callee: "send", ReceiverType: "KafkaTemplate|KafkaOperations", ReceiverHint: "kafka", Role: RolePublisher, Bus: "kafka", EventArg: 0, EventFrom: kafkaTopic, Means: "sends a Kafka record to a topic (arg 1, or a ProducerRecord's)"},
	{Framework: "Spring", Family: "java", Callee: "convertAndSend", ReceiverType: "RabbitTemplate|AmqpTemplate|RabbitOperations|AmqpOperations|RabbitMessagingTemplate", ReceiverHint: "rabbit", Role: RolePublisher, Bus: "rabbit", EventArg: 0, EventFrom: rabbitQueue, Means: "sends a RabbitMQ message: through the default exchange to the queue its routing key names, through another exchange to the queues its @Bean bindings route the key to"},
	{Framework: "Spring", Family: "java", Callee: "convertSendAndReceive", ReceiverType: "RabbitTemplate|AmqpTemplate|RabbitOperations|AmqpOperations", ReceiverHint: "rabbit", Role: RolePublisher, Bus: "rabbit", EventArg: 0, EventFrom: rabbitQueue, Means: "sends a RabbitMQ request and waits; through the default exchange its routing key is the queue"},
	{Framework: "Spring", Family: "java", Callee: "convertAndSend", ReceiverType: "JmsTemplate", ReceiverHint: "jms", Role: RolePublisher, Bus: "jms", EventArg: 0, Means: "sends a JMS message to a destination (arg 1)"},
	{Framework: "Dapr", Family: "java", Callee: "publishEvent", ReceiverType: "DaprClient", ReceiverHint: "dapr", Role: RolePublisher, Bus: "dapr", EventArg: 1, Means: "publishes to a Dapr topic (arg 2)"},
	{Framework: "java.util.concurrent", Family: "java", Callee: "submit", Role: RoleRegistration, EventArg: -1, HandlerArg: 0, Means: "runs a method reference (arg 1) on an executor"},
	{Framework: "java.util.concurrent", Family: "java", Callee: "scheduleAtFixedRate", Role: RoleRegistration, EventArg: -1, HandlerArg: 0, Means: "runs a method reference (arg 1) at a fixed rate"},
}
