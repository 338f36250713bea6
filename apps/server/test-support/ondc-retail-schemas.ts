// JSON schemas of the retail API contract 1.2.0 that the seller app's callbacks are validated
// against in tests (docs/requirements.md#ondc). Transcribed, field for field on what they require,
// from ONDC's own log validation utility (github.com/ONDC-Official/log-validation-utility,
// schema/Retail/RET/on_search.ts, on_select.ts, on_init.ts, on_confirm.ts and
// schema/Retail/Status/on_status.ts) and the examples of ONDC-Official/ONDC-RET-Specifications;
// shortened to the parts the seller app sends, without the utility's error texts.

const str = { type: 'string' } as const;
const nonEmpty = { type: 'string', minLength: 1 } as const;
const amount = { type: 'string', pattern: '^-?\\d+(\\.\\d{1,2})?$' } as const;
const price = {
  type: 'object',
  properties: { currency: { const: 'INR' }, value: amount },
  required: ['currency', 'value'],
} as const;
const timeLabel = {
  type: 'object',
  properties: { label: { enum: ['enable', 'disable'] }, timestamp: { type: 'string', format: 'date-time' } },
  required: ['label', 'timestamp'],
} as const;
const tagList = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      code: str,
      list: {
        type: 'array',
        items: { type: 'object', properties: { code: str, value: str }, required: ['code', 'value'] },
      },
    },
    required: ['code', 'list'],
  },
} as const;

const context = (action: string) =>
  ({
    type: 'object',
    properties: {
      domain: { type: 'string', pattern: '^ONDC:RET[0-9A-Z]{2}$' },
      action: { const: action },
      country: { const: 'IND' },
      city: nonEmpty,
      core_version: { const: '1.2.0' },
      bap_id: nonEmpty,
      bap_uri: { type: 'string', format: 'uri' },
      bpp_id: nonEmpty,
      bpp_uri: { type: 'string', format: 'uri' },
      transaction_id: nonEmpty,
      message_id: nonEmpty,
      timestamp: { type: 'string', format: 'date-time' },
      ttl: { type: 'string', pattern: '^P' },
    },
    required: [
      'domain',
      'country',
      'city',
      'action',
      'core_version',
      'bap_id',
      'bap_uri',
      'bpp_id',
      'bpp_uri',
      'transaction_id',
      'message_id',
      'timestamp',
    ],
  }) as const;

const quote = {
  type: 'object',
  properties: {
    price,
    breakup: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          '@ondc/org/item_id': nonEmpty,
          '@ondc/org/title_type': { enum: ['item', 'delivery', 'packing', 'tax', 'misc', 'discount'] },
          title: str,
          price,
        },
        required: ['@ondc/org/item_id', '@ondc/org/title_type', 'title', 'price'],
      },
    },
    ttl: str,
  },
  required: ['price', 'breakup', 'ttl'],
} as const;

const item = {
  type: 'object',
  properties: {
    id: nonEmpty,
    time: timeLabel,
    descriptor: {
      type: 'object',
      properties: {
        name: nonEmpty,
        code: { type: 'string', pattern: '^(1|2|3|4|5):[a-zA-Z0-9]+$' },
        symbol: str,
        short_desc: str,
        long_desc: str,
        images: { type: 'array', items: str },
      },
      required: ['name', 'symbol', 'short_desc', 'long_desc', 'images'],
    },
    quantity: {
      type: 'object',
      properties: {
        unitized: {
          type: 'object',
          properties: {
            measure: {
              type: 'object',
              properties: { unit: str, value: { type: 'string', pattern: '^\\d*(\\.\\d{0,2})?$' } },
              required: ['unit', 'value'],
            },
          },
          required: ['measure'],
        },
        available: { type: 'object', properties: { count: { enum: ['99', '0'] } }, required: ['count'] },
        maximum: { type: 'object', properties: { count: str }, required: ['count'] },
      },
      required: ['unitized', 'available', 'maximum'],
    },
    price: {
      type: 'object',
      properties: { currency: { const: 'INR' }, value: amount, maximum_value: amount },
      required: ['currency', 'value', 'maximum_value'],
    },
    category_id: nonEmpty,
    fulfillment_id: nonEmpty,
    location_id: nonEmpty,
    '@ondc/org/returnable': { type: 'boolean' },
    '@ondc/org/cancellable': { type: 'boolean' },
    '@ondc/org/return_window': { type: 'string', pattern: '^P' },
    '@ondc/org/seller_pickup_return': { type: 'boolean' },
    '@ondc/org/time_to_ship': { type: 'string', pattern: '^P' },
    '@ondc/org/available_on_cod': { type: 'boolean' },
    '@ondc/org/contact_details_consumer_care': nonEmpty,
    '@ondc/org/statutory_reqs_packaged_commodities': {
      type: 'object',
      properties: {
        manufacturer_or_packer_name: nonEmpty,
        manufacturer_or_packer_address: nonEmpty,
        common_or_generic_name_of_commodity: nonEmpty,
        month_year_of_manufacture_packing_import: nonEmpty,
      },
      required: [
        'manufacturer_or_packer_name',
        'manufacturer_or_packer_address',
        'common_or_generic_name_of_commodity',
        'month_year_of_manufacture_packing_import',
      ],
    },
    tags: tagList,
  },
  required: [
    'id',
    'time',
    'descriptor',
    'quantity',
    'price',
    'category_id',
    'fulfillment_id',
    'location_id',
    '@ondc/org/returnable',
    '@ondc/org/cancellable',
    '@ondc/org/return_window',
    '@ondc/org/seller_pickup_return',
    '@ondc/org/time_to_ship',
    '@ondc/org/available_on_cod',
    '@ondc/org/contact_details_consumer_care',
    'tags',
  ],
} as const;

export const onSearchSchema = {
  type: 'object',
  properties: {
    context: context('on_search'),
    message: {
      type: 'object',
      properties: {
        catalog: {
          type: 'object',
          properties: {
            'bpp/fulfillments': {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: str,
                  type: { enum: ['Delivery', 'Self-Pickup', 'Delivery and Self-Pickup'] },
                },
                required: ['id', 'type'],
              },
            },
            'bpp/descriptor': {
              type: 'object',
              properties: {
                name: nonEmpty,
                symbol: str,
                short_desc: str,
                long_desc: str,
                images: { type: 'array', items: str },
                tags: tagList,
              },
              required: ['name', 'short_desc', 'long_desc', 'tags'],
            },
            'bpp/providers': {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: nonEmpty,
                  time: timeLabel,
                  fulfillments: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: {
                        id: str,
                        type: str,
                        contact: {
                          type: 'object',
                          properties: {
                            phone: { type: 'string', minLength: 10, maxLength: 11 },
                            email: { type: 'string', format: 'email' },
                          },
                          required: ['phone', 'email'],
                        },
                      },
                      required: ['id', 'type', 'contact'],
                    },
                  },
                  descriptor: {
                    type: 'object',
                    properties: {
                      name: nonEmpty,
                      symbol: str,
                      short_desc: str,
                      long_desc: str,
                      images: { type: 'array', items: str },
                    },
                    required: ['name', 'symbol', 'short_desc', 'long_desc', 'images'],
                  },
                  ttl: str,
                  locations: {
                    type: 'array',
                    minItems: 1,
                    items: {
                      type: 'object',
                      properties: {
                        id: nonEmpty,
                        time: timeLabel,
                        gps: {
                          type: 'string',
                          pattern: '^-?[0-9]{1,2}[.][0-9]{6,},-?[0-9]{1,3}[.][0-9]{6,}$',
                        },
                        address: {
                          type: 'object',
                          properties: {
                            locality: str,
                            street: str,
                            city: str,
                            area_code: { type: 'string', minLength: 6, maxLength: 6 },
                            state: str,
                          },
                          required: ['locality', 'street', 'city', 'area_code', 'state'],
                        },
                      },
                      required: ['id', 'time', 'gps', 'address'],
                    },
                  },
                  items: { type: 'array', minItems: 1, items: item },
                  tags: tagList,
                },
                required: ['id', 'time', 'fulfillments', 'descriptor', 'ttl', 'locations', 'items', 'tags'],
              },
            },
          },
          required: ['bpp/fulfillments', 'bpp/descriptor', 'bpp/providers'],
        },
      },
      required: ['catalog'],
    },
  },
  required: ['context', 'message'],
} as const;

export const onSelectSchema = {
  type: 'object',
  properties: {
    context: context('on_select'),
    message: {
      type: 'object',
      properties: {
        order: {
          type: 'object',
          properties: {
            provider: { type: 'object', properties: { id: nonEmpty }, required: ['id'] },
            items: {
              type: 'array',
              minItems: 1,
              items: {
                type: 'object',
                properties: { id: nonEmpty, fulfillment_id: nonEmpty },
                required: ['id', 'fulfillment_id'],
              },
            },
            fulfillments: {
              type: 'array',
              minItems: 1,
              items: {
                type: 'object',
                properties: {
                  id: nonEmpty,
                  '@ondc/org/provider_name': nonEmpty,
                  tracking: { type: 'boolean' },
                  '@ondc/org/category': nonEmpty,
                  '@ondc/org/TAT': { type: 'string', pattern: '^P' },
                  state: {
                    type: 'object',
                    properties: {
                      descriptor: {
                        type: 'object',
                        properties: { code: { enum: ['Serviceable', 'Non-serviceable'] } },
                        required: ['code'],
                      },
                    },
                    required: ['descriptor'],
                  },
                },
                required: [
                  'id',
                  '@ondc/org/provider_name',
                  'tracking',
                  '@ondc/org/category',
                  '@ondc/org/TAT',
                  'state',
                ],
              },
            },
            quote,
          },
          required: ['provider', 'items', 'fulfillments', 'quote'],
        },
      },
      required: ['order'],
    },
  },
  required: ['context', 'message'],
} as const;

const payment = {
  type: 'object',
  properties: {
    type: { enum: ['ON-ORDER', 'ON-FULFILLMENT', 'POST-FULFILLMENT'] },
    collected_by: { enum: ['BAP', 'BPP'] },
    '@ondc/org/settlement_basis': str,
    '@ondc/org/settlement_window': str,
  },
  required: ['type', 'collected_by'],
} as const;

export const onInitSchema = {
  type: 'object',
  properties: {
    context: context('on_init'),
    message: {
      type: 'object',
      properties: {
        order: {
          type: 'object',
          properties: {
            provider: { type: 'object', properties: { id: nonEmpty }, required: ['id'] },
            provider_location: { type: 'object', properties: { id: nonEmpty }, required: ['id'] },
            items: {
              type: 'array',
              minItems: 1,
              items: {
                type: 'object',
                properties: {
                  id: nonEmpty,
                  fulfillment_id: nonEmpty,
                  quantity: {
                    type: 'object',
                    properties: { count: { type: 'integer', minimum: 1 } },
                    required: ['count'],
                  },
                },
                required: ['id', 'fulfillment_id', 'quantity'],
              },
            },
            billing: {
              type: 'object',
              properties: { name: nonEmpty, phone: nonEmpty },
              required: ['name', 'phone'],
            },
            fulfillments: {
              type: 'array',
              minItems: 1,
              items: {
                type: 'object',
                properties: { id: nonEmpty, type: str, tracking: { type: 'boolean' } },
                required: ['id', 'type', 'tracking'],
              },
            },
            quote,
            payment,
            tags: tagList,
          },
          required: [
            'provider',
            'provider_location',
            'items',
            'billing',
            'fulfillments',
            'quote',
            'payment',
            'tags',
          ],
        },
      },
      required: ['order'],
    },
  },
  required: ['context', 'message'],
} as const;

const confirmedOrder = (action: string) =>
  ({
    type: 'object',
    properties: {
      context: context(action),
      message: {
        type: 'object',
        properties: {
          order: {
            type: 'object',
            properties: {
              id: nonEmpty,
              state: { enum: ['Created', 'Accepted', 'In-progress', 'Completed', 'Cancelled'] },
              provider: {
                type: 'object',
                properties: { id: nonEmpty, locations: { type: 'array', minItems: 1 } },
                required: ['id', 'locations'],
              },
              items: {
                type: 'array',
                minItems: 1,
                items: {
                  type: 'object',
                  properties: {
                    id: nonEmpty,
                    fulfillment_id: nonEmpty,
                    quantity: {
                      type: 'object',
                      properties: { count: { type: 'integer', minimum: 0 } },
                      required: ['count'],
                    },
                  },
                  required: ['id', 'fulfillment_id', 'quantity'],
                },
              },
              billing: {
                type: 'object',
                properties: { name: nonEmpty, phone: str },
                required: ['name', 'phone'],
              },
              fulfillments: {
                type: 'array',
                minItems: 1,
                items: {
                  type: 'object',
                  properties: {
                    id: nonEmpty,
                    type: str,
                    tracking: { type: 'boolean' },
                    state: {
                      type: 'object',
                      properties: {
                        descriptor: { type: 'object', properties: { code: nonEmpty }, required: ['code'] },
                      },
                      required: ['descriptor'],
                    },
                  },
                  required: ['id', 'type', 'tracking', 'state'],
                },
              },
              quote,
              payment,
              created_at: { type: 'string', format: 'date-time' },
              updated_at: { type: 'string', format: 'date-time' },
            },
            required: [
              'id',
              'state',
              'provider',
              'items',
              'billing',
              'fulfillments',
              'quote',
              'payment',
              'created_at',
              'updated_at',
            ],
          },
        },
        required: ['order'],
      },
    },
    required: ['context', 'message'],
  }) as const;

export const onConfirmSchema = confirmedOrder('on_confirm');
export const onStatusSchema = confirmedOrder('on_status');
export const onCancelSchema = confirmedOrder('on_cancel');

// schema/Retail/Track/on_track.ts of the log validation utility
export const onTrackSchema = {
  type: 'object',
  properties: {
    context: context('on_track'),
    message: {
      type: 'object',
      properties: {
        tracking: {
          type: 'object',
          properties: {
            id: nonEmpty,
            location: {
              type: 'object',
              properties: {
                gps: { type: 'string', pattern: '^[0-9]{2}[.][0-9]{6,}[,][0-9]{2}[.][0-9]{6,}$' },
                time: {
                  type: 'object',
                  properties: { timestamp: { type: 'string', format: 'date-time' } },
                  required: ['timestamp'],
                },
                updated_at: { type: 'string', format: 'date-time' },
              },
              required: ['gps', 'time', 'updated_at'],
            },
            status: { enum: ['active', 'inactive'] },
            tags: tagList,
          },
          required: ['id', 'location', 'status', 'tags'],
        },
      },
      required: ['tracking'],
    },
  },
  required: ['context', 'message'],
} as const;
