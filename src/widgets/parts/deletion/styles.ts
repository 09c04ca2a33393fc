/** The deletion dialog brings no CSS of its own: the confirm dialog is src/ui's (its styles are the widget base's). */
export const styles: readonly string[] = [];
