/**
 * Every number of spec §5 and §9, once. Server validation and web forms both read these.
 * Later modules add theirs here rather than repeating literals.
 */
export const LIMITS = {
  /** spec §9: request timeout in seconds */
  requestTimeoutSeconds: 100,
  /** spec §9: default access-token lifetime in seconds */
  tokenExpiresIn: 3600,
  username: { min: 3, max: 15 },
  adminPassword: { min: 8, max: 20 },
  memberPassword: { min: 6, max: 32 },
  riskWordChars: 500,
  materialUploadBatch: 50,
  materialUploadBytes: 20 * 1024 * 1024,
  /** Decompression-bomb guard: images above this many pixels are refused before decoding. */
  uploadMaxPixels: 100_000_000,
  /** spec §5: design images are best at most this many pixels on their longer side. */
  designImageSuggestedPx: 2000,
  /** The hard ceiling of any single uploaded file, whatever the config says. */
  uploadHardMaxBytes: 100 * 1024 * 1024,
  cartBatch: 50,
  receiptImages: 3,
  afterSalesImages: { min: 1, max: 9 },
  outerPackageImages: { min: 1, max: 6 },
  orderQuery: { small: 20, large: 50 },
  logisticsImportLines: 50,
  dateRangeMaxDays: 366,
  pagination: { defaultPageSize: 20, maxPageSize: 100 },
} as const;

/** spec §9 layout constants shared by the web shell. */
export const LAYOUT = {
  menuWidth: 260,
  menuCollapsedWidth: 54,
  headerHeights: [70, 50, 60] as const,
} as const;
