// A service module's one instance, exported as its default: the class's
// singleton accessor, or a new instance.
class NotificationService {
  private static instance: NotificationService;

  static getInstance(): NotificationService {
    if (!NotificationService.instance) {
      NotificationService.instance = new NotificationService();
    }
    return NotificationService.instance;
  }

  async updatePreferences(reminders: boolean): Promise<void> { // @def(updatePreferences, "updatePreferences")
    await Promise.resolve(reminders);
  }
}

export default NotificationService.getInstance();
