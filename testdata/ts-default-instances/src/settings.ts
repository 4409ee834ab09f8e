// Imported under any name, the default is that instance: a call on it is a
// call of its class's method, as tsserver lists it.
import notifications from "@/notifications";
import api from "./api";

export async function save(reminders: boolean): Promise<string> { // @def(save, "save")
  await notifications.updatePreferences(reminders); // @site(saveUpdate, "updatePreferences") @call(save, updatePreferences, saveUpdate)
  return api.get("/settings"); // @site(saveGet, "get") @call(save, apiGet, saveGet)
}
