package framework

import "testing"

func TestSchedule(t *testing.T) {
	cases := []struct {
		pattern, spec, want string
	}{
		{"@Cron('*/5 * * * *')", "*/5 * * * *", "runs every 5 minutes"},
		{"@Cron('0 * * * *')", "0 * * * *", "runs every hour"},
		{"@Cron('0 */2 * * *')", "0 */2 * * *", "runs every 2 hours"},
		{"@Cron('30 2 * * *')", "30 2 * * *", "runs every day at 02:30"},
		{"@Cron('0 9 * * 1')", "0 9 * * 1", "runs on days 1 at 09:00"},
		{"@Scheduled(cron = \"0 */5 * * * *\")", "0 */5 * * * *", "runs every 5 minutes"},
		{"@Cron('*/10 * * * * *')", "*/10 * * * * *", "runs every 10 seconds"},
		{"@Cron(CronExpression.EVERY_5_MINUTES)", "CronExpression.EVERY_5_MINUTES", "runs every 5 minutes"},
		{"@Cron(CronExpression.EVERY_DAY_AT_MIDNIGHT)", "CronExpression.EVERY_DAY_AT_MIDNIGHT", "runs every day at midnight"},
		{"@Interval(300000)", "300000", "runs every 5 minutes"},
		{"@Interval(1500)", "1500", "runs every 1500 milliseconds"},
		{"@Scheduled(fixedRate = 60000)", "60000", "runs every minute"},
		{"@Timeout(5000)", "5000", "runs once, 5 seconds after start"},
		{"@Cron('0 0 1 * *')", "0 0 1 * *", ""}, // monthly: the expression says it
		{"@Cron(schedule)", "schedule", ""},
	}
	for _, tc := range cases {
		r := Role{Kind: RoleScheduled, Pattern: tc.pattern, Events: []string{tc.spec}}
		if got := r.Schedule(); got != tc.want {
			t.Errorf("Schedule(%s) = %q, want %q", tc.pattern, got, tc.want)
		}
	}
	if got := (Role{Kind: RoleRoute, Pattern: "@Interval(5)", Events: []string{"5"}}).Schedule(); got != "" {
		t.Errorf("a route has no schedule, got %q", got)
	}
}
