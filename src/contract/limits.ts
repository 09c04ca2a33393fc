/** Business constants of spec §9, shared by client and server. */
export const LIMITS = {
  passwordMinLength: 6,
  usernameMaxLength: 50,
  emailMaxLength: 254,
  mobileMaxLength: 30,
  nameMaxLength: 255,
  /** Node description and note. */
  nodeTextMax: 10_000,
  relationWeight: { min: 1, max: 100, default: 50 },
  relationDescriptionMax: 500,
  relationNoteMax: 250,
  deleteConfirmWord: 'DELETE',
  drawerWidthPx: 240,
  dashboardGridLimit: 15,
  dashboardTableLimit: 1000,
  searchPageLimit: 1000,
  dashboardPageSizes: [5, 10, 25, 50, 100],
  listPageSizes: [5, 10, 25],
  snomedPageSizes: [5, 10, 25, 50],
  defaultPageSize: 10,
  snomedPickerPageSize: 20,
  debounceMs: 300,
  toastMs: 6000,
  graphToastMs: 4000,
  graphClickDelayMs: 250,
  redirectAfterDeleteMs: 1500,
  redirectAfterPartialFailureMs: 3000,
  bulkUploadMaxBytes: 20 * 1024 * 1024,
  bulkUploadExtensions: ['.xlsx', '.xls', '.csv'],
  snomedImportExtensions: ['.xlsx', '.xls'],
  attachmentExtensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'jpg', 'jpeg', 'png', 'zip', 'rar'],
  effectiveTimeLength: 8,
  defaultLanguageCode: 'en',
  socketReconnectDelayMs: 1000,
  socketReconnectAttempts: 5,
} as const;

/** Names of the session's localStorage items (spec §3 Session); stored per server as `kg:<base>:<name>` (src/api/storage-keys.ts). */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  user: 'user',
} as const;

/** The spec's wording for a length limit ('Description must be 500 characters or less', §5), for every field. */
export const tooLongMessage = (label: string, max: number) => `${label} must be ${max} characters or less`;
