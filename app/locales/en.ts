/** English interface strings. zh.ts must have exactly the same keys (the compiler checks it). */
const en = {
  meta: {
    siteName: "Data API Developer Portal",
    description:
      "Documentation, API keys, data feeds and dumps for macroeconomic, company, documents, deal, fund-flow and real-estate data APIs.",
  },
  nav: {
    skipToContent: "Skip to content",
    home: "Home",
    apiProducts: "API products",
    documentation: "Documentation",
    contact: "Contact",
    mainNavigation: "Main navigation",
    openMenu: "Open menu",
    language: "Language",
    languageNames: { en: "English", zh: "中文" },
  },
  themes: {
    default: "Developer Portal",
    macro: "Macroeconomic data",
    company: "Company data",
    "fund-flow": "Fund flows",
    intelligence: "Real estate intelligence",
  },
  footer: {
    copyright: "© {{year}} Data API Developer Portal. All rights reserved.",
    terms: "Terms of use",
    privacy: "Privacy policy",
    cookies: "Cookie policy",
    status: "API status",
    legal: "Legal",
    support: "Support 24x6 in English, Chinese, Korean and Japanese",
  },
  notifications: {
    region: "Notifications",
    close: "Close notification",
    types: { success: "Success", info: "Information", error: "Error" },
  },
  errors: {
    notFoundTitle: "Page not found",
    notFoundText: "The page you are looking for could not be found.",
    genericTitle: "Something went wrong",
    generic: "An unexpected error occurred. If this keeps occurring, contact the support.",
    incident: "Incident reference: {{id}}",
    back: "Go back",
    backHome: "Back to home",
  },
  home: {
    title: "Financial and economic data, one API away",
    lead:
      "Macroeconomic time series, company financials, documents and news, M&A deals, fund flows and real-estate intelligence — documented, sandboxed and delivered the way your systems need them.",
    exploreProducts: "Explore API products",
    trySandbox: "Try the free sandbox",
    productsHeading: "API products",
    howHeading: "How you get the data",
    how: {
      api: {
        title: "REST APIs",
        text: "JSON over HTTPS on port 443, with SDKs for Python, JavaScript and PHP generated from the same specifications you read here.",
      },
      feeds: {
        title: "Scheduled feeds",
        text: "A feed delivers the latest metadata plus new or changed data on every run — daily, weekly, bi-weekly or monthly — and nothing when nothing changed.",
      },
      dumps: {
        title: "Data dumps",
        text: "A dump delivers full metadata and history in one file, as JSON or XML, by download or to your FTP server. Files are kept for 30 days.",
      },
    },
    supportHeading: "Support that answers",
    supportText:
      "Our support desk works 24 hours a day, six days a week, and replies within one hour in English, Chinese, Korean and Japanese.",
    contactUs: "Contact us",
    learnMore: "Learn more about {{name}}",
  },
  products: {
    indexTitle: "API products",
    indexLead: "Seven APIs across four product families. Every one is documented here with an interactive reference.",
    familyHeading: {
      macroeconomic: "Macroeconomic",
      company: "Company intelligence",
      "fund-flows": "Fund flows",
      "real-estate": "Real estate",
    },
    coverage: "Coverage",
    features: "What you get",
    access: "Access and delivery",
    documentation: "Documentation",
    openDocs: "Read the {{name}} documentation",
    support: "Support",
    supportText:
      "Support is available 24x6 and replies within one hour, in English, Chinese, Korean and Japanese. The SDKs connect on port 443.",
    contactSales: "Talk to sales",
    reportBug: "Report a bug",
    docSetNames: {
      macroeconomic: "Macroeconomic API",
      sandbox: "Macroeconomic sandbox",
      company: "Company API v1",
      "company-v2": "Company API v2",
      documents: "Documents API",
      dealwatch: "Deal Watch API",
      "fund-flows": "Fund Flows API v2",
      "real-estate": "Real Estate API v1",
    },
    macroeconomic: {
      name: "Macroeconomic API",
      tagline: "Time series for every economy, from national accounts to daily market indicators.",
      summary:
        "Search and retrieve macroeconomic series by keyword, country, region, indicator, unit, source or frequency, browse them through databases, topics (TP), sections (SC) and tables (TB), and follow revisions through point-in-time vintages.",
      coverage: [
        "Series organised in databases, topics, sections and tables",
        "Daily, weekly, monthly, quarterly and annual frequencies",
        "Point-in-time vintages of revised series",
        "Insights: analyst reports linked to the series they discuss",
      ],
      features: [
        "Series search with keyword, country, region, unit, indicator, source and update filters",
        "Series data in chunks of 25 ids per call, search pages of 100",
        "Dictionary API for countries, regions, sources, units and indicators",
        "Scheduled feeds (up to 5 active per user) and full dumps of up to 3,000 series",
      ],
      access:
        "Authenticate with your API key as a query parameter or header. Rate limit: about 5 calls per second on average, sequential; a second call within the same second receives HTTP 429.",
    },
    sandbox: {
      name: "Macroeconomic sandbox",
      tagline: "The macroeconomic API, free for evaluation.",
      summary:
        "Register for a trial and receive an access link by e-mail. The sandbox serves a subset of the macroeconomic catalogue with the same endpoints, parameters and responses as production, so the code you write keeps working.",
      coverage: [
        "A representative subset of databases and series",
        "The same series, insight and layout endpoints as production",
        "An API query builder to try every call in the browser",
      ],
      features: [
        "No subscription needed: register with the trial form",
        "The access link is valid for 7 days",
        "Same rate limit as production: about 5 calls per second",
      ],
      access: "Register for a trial, open the link from the e-mail within 7 days, and use the key it gives you.",
    },
    company: {
      name: "Company API",
      tagline: "Profiles, financial statements and ownership for companies in emerging and developed markets.",
      summary:
        "Search companies by name, country, industry, legal form, size, executives, shareholders, subsidiaries and auditors; retrieve full profiles and up to 10 years of financial statements in your chosen currency (USD, EUR or local).",
      coverage: [
        "Company profiles with addresses, industries (ISIC) and operational status",
        "Financial statements with up to 10 years of history",
        "Shareholders, subsidiaries, key executives and ultimate owners",
        "Import and export countries, products and auditors",
      ],
      features: [
        "Version 2 search with cursors for result sets above 10,000 companies; offset paging up to 10,000",
        "Reusable filters identified by filter_id",
        "Feeds and dumps of up to 100,000 company ids, with previews of the first 5 companies",
        "Pre-defined datasets generated as JSON or XML",
      ],
      access:
        "Version 1 and version 2 are both documented. Sign in on the company platform; generating a key needs an active subscription.",
    },
    documents: {
      name: "Documents API",
      tagline: "News, research and filings, searchable and delivered as they are published.",
      summary:
        "Search documents by keyword, country, language, industry, publication type, source and topic, download them in their original format and report their usage.",
      coverage: [
        "News, analyst reports and company filings",
        "Metadata for country, language, industry, topic and source",
        "Usage reports per document and access time",
      ],
      features: [
        "Full-text search with structured filters",
        "Document feeds every 15 or 60 minutes",
        "Delivery to the platform or your FTP server",
      ],
      access: "Documents share the company platform sign-in and API key.",
    },
    dealwatch: {
      name: "Deal Watch API",
      tagline: "Mergers and acquisitions, with the companies and advisors behind them.",
      summary:
        "Follow M&A deals, search the companies taking part, and list the advisors on each side of a transaction.",
      coverage: ["Announced, pending and completed deals", "Acquirers, targets and vendors", "Financial and legal advisors"],
      features: ["Deal search with company and advisor filters", "Company and advisor dictionaries", "JSON responses with stable ids"],
      access: "Deal Watch shares the company platform sign-in and the version 2 authentication.",
    },
    "fund-flows": {
      name: "Fund Flows API",
      tagline: "Where investors put their money, across funds and asset classes.",
      summary:
        "Build fund-flow reports across datasets (FF, CF, SF, IF, CA, SA, IA, XA, CS), asset classes and filters, with daily, weekly or monthly frequency, then read them or their saved versions.",
      coverage: [
        "Over 25 years of fund-flow data",
        "151,000 share classes",
        "Equity, bond and alternative filters",
      ],
      features: [
        "Sign in with username and password to receive a session token",
        "Reports are generated asynchronously: poll until the status is Completed",
        "Saved reports with Rows and ColumnNames output",
        "Python, JavaScript, PHP and R guides and a Postman collection",
      ],
      access: "Uses the intelligence platform sign-in: POST /Session returns a token used as a bearer token.",
    },
    "real-estate": {
      name: "Real Estate API",
      tagline: "Market intelligence for property investors.",
      summary:
        "Programmatic access to real-estate intelligence with SDKs for Python (pip), JavaScript (npm) and PHP (composer).",
      coverage: ["Market and property indicators", "Versioned SDKs with release notes"],
      features: ["SDK packages for Python, JavaScript and PHP", "Code samples generated from the specification"],
      access: "Uses the intelligence platform sign-in.",
    },
  },
  legal: {
    terms: "Terms of use",
    privacy: "Privacy policy",
    cookies: "Cookie policy",
    updated: "Last updated: {{date}}",
  },
  contact: {
    title: "Contact us",
    lead: "Choose what you would like to tell us. Support replies within one hour, 24x6.",
    kinds: {
      "general-inquiry": {
        title: "General inquiry",
        description: "Questions about the APIs, your subscription or this portal.",
      },
      "report-bug": {
        title: "Report a bug",
        description: "Something does not work as documented.",
      },
      "request-feature": {
        title: "Request a feature",
        description: "Tell us what data or capability you are missing.",
      },
      "business-inquiry": {
        title: "Business inquiry",
        description: "Pricing, trials and subscriptions for your organisation.",
      },
    },
    fields: {
      name: "Name",
      email: "Email",
      subject: "Subject",
      text: "Text",
      sdk: "SDK used",
      product: "API product",
      stepsToReproduce: "Steps to reproduce",
      expectedBehaviour: "Expected behaviour",
      actualBehaviour: "Actual behaviour",
      useCase: "Use case",
      firstName: "First Name",
      lastName: "Last Name",
      companyName: "Company Name",
      jobFunction: "Job Function",
      city: "City",
      country: "Country",
      phoneNumber: "Phone Number",
      message: "Message",
      website: "Leave this field empty",
    },
    sdkOptions: { none: "No SDK", python: "Python", javascript: "JavaScript", php: "PHP", r: "R", other: "Other" },
    chooseOption: "Choose…",
    required: "required",
    submit: "Send",
    sending: "Sending…",
    sent: "Thank you. Your message has been sent; we reply within one hour.",
    back: "All contact options",
  },
  validation: {
    required: "Please fill out this field.",
    email: "Please enter a valid e-mail address.",
    tooLong: "Please use at most {{max}} characters.",
    invalidOption: "Please choose one of the listed options.",
    phone: "Please enter a valid phone number.",
    spam: "Your message could not be sent.",
    rateLimited: "Too many messages from this address. Please try again in {{minutes}} minutes.",
    badJson: "Could not parse JSON value.",
    invalidType: "Please enter text.",
    unknownForm: "Unknown form.",
  },
} as const;

export default en;
