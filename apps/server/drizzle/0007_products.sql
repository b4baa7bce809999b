CREATE TABLE "picture_variants" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"image_file_id" integer NOT NULL,
	"preview_file_id" integer NOT NULL,
	"thumb_file_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_pictures" (
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"file_id" integer NOT NULL,
	CONSTRAINT "product_pictures_product_id_position_pk" PRIMARY KEY("product_id","position")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"factory" text DEFAULT '' NOT NULL,
	"category_id" integer,
	"model" text DEFAULT '' NOT NULL,
	"advantage" text DEFAULT '' NOT NULL,
	"tech_params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"packaging" text DEFAULT '' NOT NULL,
	"price" numeric(18, 4),
	"currency" text DEFAULT 'USD' NOT NULL,
	"moq" numeric(18, 4),
	"unit" text DEFAULT 'pcs' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(name || ' ' || model || ' ' || factory || ' ' || advantage)) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "picture_variants" ADD CONSTRAINT "picture_variants_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture_variants" ADD CONSTRAINT "picture_variants_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture_variants" ADD CONSTRAINT "picture_variants_preview_file_id_files_id_fk" FOREIGN KEY ("preview_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture_variants" ADD CONSTRAINT "picture_variants_thumb_file_id_files_id_fk" FOREIGN KEY ("thumb_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_parent_id_product_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."product_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_pictures" ADD CONSTRAINT "product_pictures_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_pictures" ADD CONSTRAINT "product_pictures_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "picture_variants_image" ON "picture_variants" USING btree ("image_file_id");--> statement-breakpoint
CREATE INDEX "picture_variants_preview" ON "picture_variants" USING btree ("preview_file_id");--> statement-breakpoint
CREATE INDEX "picture_variants_thumb" ON "picture_variants" USING btree ("thumb_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_name" ON "product_categories" USING btree (coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "product_pictures_file" ON "product_pictures" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_model_live" ON "products" USING btree (lower("model")) WHERE deleted_at IS NULL AND model <> '';--> statement-breakpoint
CREATE INDEX "products_search_trgm" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_created" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_updated" ON "products" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_name" ON "products" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "products_price" ON "products" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "products_category" ON "products" USING btree ("category_id");