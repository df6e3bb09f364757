CREATE TABLE "analytics_monthly" (
	"month" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "analytics_monthly_month_dimension_value_pk" PRIMARY KEY("month","dimension","value"),
	CONSTRAINT "analytics_monthly_dimension_check" CHECK ("dimension" IN ('total', 'path', 'referrer', 'device')),
	CONSTRAINT "analytics_monthly_month_check" CHECK (extract(day from "analytics_monthly"."month") = 1)
);
