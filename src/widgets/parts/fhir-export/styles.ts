/** The FHIR export part draws with the shared button classes only: no sheet of its own. */
export const styles: readonly string[] = [];
