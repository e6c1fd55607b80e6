import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { badRequest, parseId, routeId } from "#contract/params";
import { TRAVEL_MODES, travelSchema } from "#contract/schemas/services";
import { ServiceField, ServiceForm } from "~/components/services/ServiceFields";
import { ServicePage } from "~/components/services/ServicePage";
import type { ServiceConference, Travel, TravelLeg } from "~/components/services/types";
import { areaLoader } from "~/locales/load";
import { requireSignedIn } from "~/services/guard.server";
import { platformData } from "~/services/platform.server";
import { formValues, nest, runService, servicePageData } from "~/services/services.server";
import { useTranslation } from "~/use-translation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee"]);

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/** Arrival and departure for the organisers' pick-up planning (issue 6): one plan per conference, editable. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const id = routeId(params.conferenceId);
  const [conference, travel] = await Promise.all([
    platformData<{ info: ServiceConference }>(request, `/conference/${id}`),
    platformData<{ list: Travel[] }>(request, "/travel", { query: { conferenceId: id } }),
  ]);
  return servicePageData(request, "services.travel.title", { conference: conference.info, travel: travel.list[0] ?? null });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSignedIn(request);
  const conferenceId = routeId(params.conferenceId);
  const formData = await request.formData();
  const values = formValues(formData);
  if (values.intent !== "save") throw badRequest();
  const travelId = parseId(values.travelId);
  const existing = travelId !== null;
  return runService(request, values, {
    schema: travelSchema,
    input: { ...nest(values), conferenceId },
    path: existing ? `/travel/${travelId}` : "/travel",
    method: existing ? "PUT" : "POST",
    notice: "services.travel.saved",
  });
}

function Leg({ leg, which }: { leg: TravelLeg; which: "arrival" | "departure" }) {
  const { t } = useTranslation();
  const modes = [{ value: "", label: t("services.travel.modeNone") }, ...TRAVEL_MODES.map((value) => ({ value, label: t(`services.travel.modes.${value}`) }))];
  return (
    <fieldset className="ui-svc-rows">
      <legend className="ui-label">{t(`services.travel.${which}`)}</legend>
      <div className="ui-svc-row">
        <ServiceField intent="save" name={`${which}.mode`} type="select" label={t("services.travel.mode")} options={modes} defaultValue={leg?.mode ?? ""} />
        <ServiceField
          intent="save"
          name={`${which}.number`}
          label={t("services.travel.number")}
          defaultValue={leg?.number ?? ""}
          help={t("services.travel.numberHelp")}
        />
        <ServiceField intent="save" name={`${which}.time`} type="datetime-local" label={t("services.travel.time")} defaultValue={leg?.time ?? ""} />
        <ServiceField
          intent="save"
          name={`${which}.place`}
          label={t(`services.travel.place.${which}`)}
          defaultValue={leg?.place ?? ""}
          help={t("services.travel.placeHelp")}
        />
      </div>
    </fieldset>
  );
}

export default function TravelPlan() {
  const { conference, travel, lang } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <ServicePage conference={conference} lang={lang} title={t("services.travel.title")} intro={t("services.travel.intro")} current="travel">
      {travel && (
        <p className="ui-banner" role="status" data-testid="travel-saved">
          {t("services.travel.onFile")}
        </p>
      )}
      <ServiceForm
        intent="save"
        hidden={travel ? { travelId: travel.id } : {}}
        submit={t(travel ? "services.saveChanges" : "services.travel.submit")}
        testId="travel-form"
        shown={travel}
      >
        <Leg leg={travel?.arrival ?? null} which="arrival" />
        <Leg leg={travel?.departure ?? null} which="departure" />
      </ServiceForm>
    </ServicePage>
  );
}
