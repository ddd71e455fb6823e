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
  /**
   * spec §5 "auto-shipping hours must be entered" (§9: the value is not shown; decision 0055): a
   * shop pushes an order's tracking to its marketplace this many hours after it shipped.
   */
  autoShipHours: { min: 1, max: 240, default: 24 },
  /** Orders one "sync status" takes at once (spec §5 query boxes: 50 for the other actions). */
  trackingSyncBatch: 50,
  dateRangeMaxDays: 366,
  /**
   * spec §5 "order sync days": how far back a shop's marketplace orders are synced (issue 20,
   * decision 0052). TikTok and Temu both keep at least this much order history searchable.
   */
  orderSyncDays: { min: 1, max: 30, default: 7 },
  /**
   * The deepest JSON a request may carry (objects and arrays inside each other). The deepest real
   * body, a design with groups nested five deep, is under 20.
   */
  jsonDepth: 32,
  /** The longest query string (the part after `?`) the server reads, in characters. */
  queryStringChars: 8192,
  pagination: { defaultPageSize: 20, maxPageSize: 100 },
  /**
   * The longest texts that patterns allow, for inputs' `maxLength` where a schema has a pattern
   * rather than a length check. The patterns are built from these.
   */
  text: {
    /** A mobile number: + and 15 digits (E.164). */
    mobile: 16,
    /** An SMS or e-mail verification code: 6 digits. */
    verificationCode: 6,
    /** A post code: letters, digits, spaces and dashes. */
    postCode: 12,
    /** A sender's phone: digits, spaces and dashes after an optional +. */
    phone: 20,
    /** A bank card or account number, spaces and dashes included. */
    cardNumber: 40,
    /** A product's style code. */
    styleCode: 30,
    /** A lowercase key (a surface's key, a dictionary type): a letter, then letters, digits and `_`. */
    key: 30,
    /** A colour as `#rrggbb`. */
    hexColor: 7,
    /** A search box: quick search, keyword. */
    search: 100,
  },
} as const;

/** spec §9 layout constants shared by the web shell. */
export const LAYOUT = {
  menuWidth: 260,
  menuCollapsedWidth: 54,
  headerHeights: [70, 50, 60] as const,
} as const;
